/**
 * Navigation bar (spec §2 "Application frame"; docs/contracts.md "Nav labels"): logo → /, the pickup
 * call-to-action → /orderpage, Plants, Supplies, Cart (N); on / also About, How we valuate,
 * Contact and Scrap List. On small screens a hamburger toggles the menu; without JavaScript
 * the menu is simply shown (the `js` class on <html> enables the collapsing).
 */
import { useEffect, useId, useState } from "react";
import { Link, NavLink, useFetchers, useLocation } from "react-router";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { stripLang } from "~/i18n/languages";
import { LanguageSwitch } from "./language-switch";
import { siteConfig } from "./site-config";

function Logo() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="#1b5e20" />
      <path d="M16 25V14" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M16 16c-5 0-8-3-8-8 5 0 8 3 8 8Z" fill="#a5d6a7" />
      <path d="M16 19c4 0 7-3 7-7-4 0-7 3-7 7Z" fill="#c8e6c9" />
    </svg>
  );
}

/** The navigation bar; `cartCount` is the server's count of items in the cart. */
export function SiteHeader({ cartCount }: { cartCount: number }) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const t = useT();
  const to = useLocalePath();

  // Choosing any link (any navigation) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  const close = () => setOpen(false);
  const count = cartCount + usePendingCartAdds();

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={to("/")} className="site-header__logo" onClick={close}>
          <Logo />
          <span>{siteConfig.brandName}</span>
        </Link>
        <MenuToggle
          open={open}
          menuId={menuId}
          count={count}
          onToggle={() => setOpen((value) => !value)}
        />
      </div>
      <nav aria-label={t("frame.nav.label")} id={menuId} className="site-nav" data-open={open}>
        <MenuLinks isHome={stripLang(location.pathname) === "/"} count={count} close={close} />
        <LanguageSwitch className="site-nav__languages" />
      </nav>
    </header>
  );
}

/**
 * Adds to the cart still on their way to the server, so the count rises at once (optimistic);
 * the root loader's revalidation then brings the server's figure.
 */
function usePendingCartAdds(): number {
  const cartAction = useLocalePath()("/cart");
  return useFetchers().filter(
    (fetcher) =>
      fetcher.state === "submitting" &&
      fetcher.formAction === cartAction &&
      fetcher.formData?.get("intent") === "add",
  ).length;
}

/** The hamburger button of small screens, with the cart count as a badge. */
function MenuToggle({
  open,
  menuId,
  count,
  onToggle,
}: {
  open: boolean;
  menuId: string;
  count: number;
  onToggle: () => void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className="site-header__toggle"
      aria-expanded={open}
      aria-controls={menuId}
      onClick={onToggle}
    >
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className="visually-hidden">{t("frame.nav.menu")}</span>
      {count > 0 ? (
        <span className="site-header__badge">
          {count}
          <span className="visually-hidden"> {t("frame.nav.itemsInCart", { count })}</span>
        </span>
      ) : null}
    </button>
  );
}

/** The home page's sections, linked only on the home page. */
const homeSections = [
  { to: "#about", label: "frame.nav.about" },
  { to: "#valuate", label: "frame.nav.valuate" },
  { to: "#contact", label: "frame.nav.contact" },
] as const;

/** A link to one of the site's pages (marked as the current page when it is). */
function PageLink({
  to,
  className,
  close,
  children,
}: {
  to: string;
  className?: string;
  close: () => void;
  children: string;
}) {
  return (
    <li>
      <NavLink to={to} className={className} onClick={close}>
        {children}
      </NavLink>
    </li>
  );
}

/** The menu's links: the home page's sections first on /, then the shop's pages and the cart. */
function MenuLinks({
  isHome,
  count,
  close,
}: {
  isHome: boolean;
  count: number;
  close: () => void;
}) {
  const t = useT();
  const to = useLocalePath();
  return (
    <ul>
      {isHome ? (
        <>
          {homeSections.map((section) => (
            <li key={section.to}>
              <Link to={section.to} onClick={close}>
                {t(section.label)}
              </Link>
            </li>
          ))}
          <PageLink to={to("/ratelist")} close={close}>
            {t("frame.nav.scrapList")}
          </PageLink>
        </>
      ) : null}
      <PageLink to={to("/orderpage")} className="site-nav__cta" close={close}>
        {t("frame.nav.sellScrap")}
      </PageLink>
      <PageLink to={to("/plant")} close={close}>
        {t("frame.nav.plants")}
      </PageLink>
      <PageLink to={to("/supplies")} close={close}>
        {t("frame.nav.supplies")}
      </PageLink>
      <PageLink to={to("/cart")} close={close}>
        {t("frame.nav.cart", { count })}
      </PageLink>
    </ul>
  );
}
