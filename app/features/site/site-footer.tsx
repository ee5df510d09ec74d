/**
 * Footer (spec §2 "Application frame"): social links, Company (FAQ, Review Us),
 * Support (My account, Privacy Policy, Terms of Use), the phone as tel: and the e-mail as mailto:.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { LanguageSwitch } from "./language-switch";
import { type SocialLink, siteConfig } from "./site-config";

const icons: Record<Exclude<SocialLink["network"], "instagram">, string> = {
  whatsapp:
    "M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .2-3.3-.7-2.8-1.1-4.5-4-4.7-4.2-.1-.2-1.1-1.5-1.1-2.9s.7-2 1-2.3c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.2.1.4 0 .5l-.4.6-.4.4c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.3 2.4 1.5.3.1.5.1.6-.1l.9-1.1c.2-.3.4-.2.7-.1l1.9.9c.3.1.5.2.5.3.1.2.1.6-.1 1.1Z",
  facebook:
    "M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.5 1.6-1.5h1.7V4.5c-.3 0-1.3-.1-2.4-.1-2.4 0-4 1.5-4 4.1v2.3H7.7V14h2.7v8h3.1Z",
};

function SocialIcon({ network }: { network: SocialLink["network"] }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {network === "instagram" ? (
        <g fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
        </g>
      ) : (
        <path d={icons[network]} fill="currentColor" />
      )}
    </svg>
  );
}

/** The footer's link groups, in order: a heading and the site's pages under it. */
const linkGroups = [
  {
    id: "footer-company",
    heading: "frame.footer.company",
    links: [
      { to: "/faq", label: "frame.footer.faq" },
      { to: "/review-page", label: "frame.footer.reviewUs" },
    ],
  },
  {
    id: "footer-support",
    heading: "frame.footer.support",
    links: [
      { to: "/account", label: "frame.footer.myAccount" },
      { to: "/privacy-policy", label: "frame.footer.privacyPolicy" },
      { to: "/privacy-notice", label: "frame.footer.privacyNotice" },
      { to: "/grievance", label: "frame.footer.grievance" },
      { to: "/terms-of-use", label: "frame.footer.termsOfUse" },
    ],
  },
] as const;

/** One column of the footer: a `nav` (site links) or a `section`, named by its heading. */
function FooterGroup({
  as: Group,
  id,
  heading,
  children,
}: {
  as: "nav" | "section";
  id: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Group aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {heading}
      </h2>
      {children}
    </Group>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  const t = useT();
  const to = useLocalePath();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <FooterGroup as="section" id="footer-brand" heading={siteConfig.brandName}>
          <p>{t("frame.footer.tagline")}</p>
          <ul className="site-footer__social">
            {siteConfig.social.map((link) => (
              <li key={link.network}>
                <a href={link.href} rel="noopener noreferrer" target="_blank">
                  <SocialIcon network={link.network} />
                  <span className="visually-hidden">
                    {t(`frame.footer.social.${link.network}`, { brand: siteConfig.brandName })}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </FooterGroup>
        {linkGroups.map((group) => (
          <FooterGroup key={group.id} as="nav" id={group.id} heading={t(group.heading)}>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={to(link.to)}>{t(link.label)}</Link>
                </li>
              ))}
            </ul>
          </FooterGroup>
        ))}
        <FooterGroup as="section" id="footer-language" heading={t("frame.language.heading")}>
          <LanguageSwitch />
        </FooterGroup>
        <FooterGroup as="section" id="footer-contact" heading={t("frame.footer.contact")}>
          <ul>
            <li>
              <a href={`tel:${siteConfig.phoneE164}`}>{siteConfig.phoneDisplay}</a>
            </li>
            <li>
              <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>
            </li>
          </ul>
        </FooterGroup>
      </div>
      <p className="site-footer__legal">
        © {year} {siteConfig.brandName}
      </p>
    </footer>
  );
}
