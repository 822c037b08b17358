import { useEffect, type RefObject } from "react";

/** Keeps the page's scroll padding at the height of a bar stuck to the bottom of the viewport, so
 *  a control that gets focus is scrolled clear of the bar rather than under it (WCAG 2.4.11). At
 *  320 px the bar wraps to two rows, and tabbing left a radio in eight of 37 hidden behind Submit. */
export function useScrollClearance(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = bar.current;
    const root = document.documentElement;
    if (!el || typeof ResizeObserver === "undefined") return;
    const apply = () => {
      root.style.scrollPaddingBottom = `${Math.ceil(el.getBoundingClientRect().height) + 8}px`;
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = "";
    };
  }, [bar]);
}
