import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

// The module itself, not the SDK's index: the light site bundles no data libraries.
export { useDocumentTitle } from '../../../core/plugin-api/web/document-title';

/**
 * The router changes the address on an in-page link but does not scroll; this brings `#section` into view,
 * at once when the page opens on it and smoothly when the visitor follows a link on the page.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  const opened = useRef(false);
  useEffect(() => {
    const firstScroll = !opened.current;
    opened.current = true;
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target?.scrollIntoView({ behavior: firstScroll || reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }, [hash, key]);
}

/** The year of a copyright line, read when the component appears rather than on every render. */
export function useCurrentYear(): number {
  const [year] = useState(() => new Date().getFullYear());
  return year;
}

/** True once the page is scrolled further down than `offset` pixels. */
export function useScrolledPast(offset: number): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > offset);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > offset);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offset]);
  return scrolled;
}
