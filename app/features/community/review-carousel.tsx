/**
 * The home page's review carousel (spec §9: 10 reviews, 5 s, infinite loop, auto-play;
 * docs/community.md). One scrollable list that works without JavaScript; with it the list
 * advances every 5 seconds, waits while hovered, stops when keyboard focus enters the
 * reviews until the visitor presses Play (WAI-ARIA carousel pattern), has a visible
 * pause/play button (WCAG 2.2.2), and does not move by itself under reduced motion.
 */
import { useEffect, useRef, useState } from "react";
import { Stars } from "~/components/ui/stars";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useT } from "~/i18n/i18n-react";
import type { PublishedReview } from "./community.server";

export const CAROUSEL_INTERVAL_MS = 5000;

/** The carousel of `reviews` (newest first); its words come from the `community` messages. */
export function ReviewCarousel({ reviews }: { reviews: PublishedReview[] }) {
  const t = useT();
  const listRef = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();

  const running = playing && !hovered && !reducedMotion && reviews.length > 1;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => setIndex((i) => (i + 1) % reviews.length),
      CAROUSEL_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [running, reviews.length]);

  useEffect(() => {
    const list = listRef.current;
    const item = list?.children[index] as HTMLElement | undefined;
    if (!list || !item || !hydrated) return;
    list.scrollTo({
      left: item.offsetLeft - list.offsetLeft,
      behavior: reducedMotion ? "auto" : "smooth",
    });
  }, [index, hydrated, reducedMotion]);

  if (reviews.length === 0) {
    return <p className="empty-state">{t("community.carousel.empty")}</p>;
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only stop the rotation (WCAG 2.2.2)
    <div
      className="carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        if (!event.target.closest(".carousel__controls")) setPlaying(false);
      }}
    >
      {hydrated && reviews.length > 1 ? (
        <CarouselControls
          playing={playing}
          running={running}
          onToggle={() => setPlaying((p) => !p)}
          position={index + 1}
          count={reviews.length}
        />
      ) : null}
      <ul
        ref={listRef}
        className="carousel__list"
        aria-label={t("community.carousel.label")}
        // Scrollable with the keyboard (arrow keys) also without JavaScript.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        tabIndex={0}
      >
        {reviews.map((review, i) => (
          <li
            key={review.id}
            className="carousel__item"
            aria-current={hydrated && i === index ? true : undefined}
          >
            <figure>
              <Stars rating={review.rating} />
              <blockquote>
                <p>{review.body}</p>
              </blockquote>
              <figcaption>{review.displayName ?? t("community.carousel.anonymous")}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The visitor's prefers-reduced-motion, followed as it changes (false on the server). */
function usePrefersReducedMotion(): boolean {
  const [reducedMotion, setReducedMotion] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reducedMotion;
}

/** Pause/Play, and "Review N of M" (announced only while the carousel is not rotating). */
function CarouselControls({
  playing,
  running,
  onToggle,
  position,
  count,
}: {
  playing: boolean;
  running: boolean;
  onToggle: () => void;
  position: number;
  count: number;
}) {
  const t = useT();
  return (
    <div className="carousel__controls">
      <button type="button" className="link-button" onClick={onToggle} aria-pressed={!playing}>
        {playing ? t("community.carousel.pause") : t("community.carousel.play")}
      </button>
      <span className="carousel__position" aria-live={running ? "off" : "polite"}>
        {t("community.carousel.position", { position, count })}
      </span>
    </div>
  );
}
