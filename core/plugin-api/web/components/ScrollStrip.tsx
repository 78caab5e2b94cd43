import { Button } from '@blueprintjs/core';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './scroll-strip.css';

export interface ScrollStripProps {
  /** Changes whenever another item becomes current (the route, the selected tab): that item is scrolled into view. */
  activeKey: string;
  children: ReactNode;
  className?: string;
}

/** The item marked current inside the strip: a link with aria-current or a selected tab. */
const CURRENT_ITEM = '[aria-current="page"], [aria-selected="true"]';
/** Room kept beside an item scrolled into view, so it never sits under the fade and the arrow. */
const EDGE_PX = 40;
/** Share of the visible width one arrow click scrolls. */
const PAGE_SHARE = 0.8;

interface Overflow {
  before: boolean;
  after: boolean;
}

/**
 * A row (tabs, links) that scrolls sideways when it does not fit: the side with more items fades out and shows an
 * arrow that scrolls towards them, and the current item is scrolled into view. Keyboard users reach every item with
 * Tab, which scrolls it into view; the arrows are for pointers only, so they are hidden from assistive technology.
 */
export function ScrollStrip({ activeKey, children, className }: ScrollStripProps) {
  const [viewport, viewportRef] = useState<HTMLDivElement | null>(null);
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });

  // The item last scrolled into view: another one (a new route, or the current item appearing late) is scrolled to.
  const revealed = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (!viewport) return;
    const update = () => {
      const before = viewport.scrollLeft > 1;
      const after = viewport.scrollLeft + viewport.clientWidth < viewport.scrollWidth - 1;
      setOverflow((current) => (current.before === before && current.after === after ? current : { before, after }));
      const current = viewport.querySelector(CURRENT_ITEM);
      if (current && current !== revealed.current) {
        revealed.current = current;
        scrollIntoStrip(viewport, current);
      }
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(viewport);
    for (const child of viewport.children) observer.observe(child);
    // The browser scrolls a focused item only until it touches the edge, where the fade and the arrow would cover it.
    const revealFocused = (event: FocusEvent) => {
      if (event.target instanceof Element) scrollIntoStrip(viewport, event.target);
    };
    viewport.addEventListener('scroll', update, { passive: true });
    viewport.addEventListener('focusin', revealFocused);
    return () => {
      observer.disconnect();
      viewport.removeEventListener('scroll', update);
      viewport.removeEventListener('focusin', revealFocused);
    };
  }, [viewport]);

  useLayoutEffect(() => {
    const current = viewport?.querySelector(CURRENT_ITEM);
    if (!viewport || !current) return;
    revealed.current = current;
    scrollIntoStrip(viewport, current);
  }, [viewport, activeKey]);

  const scrollBy = (direction: 1 | -1) => {
    if (!viewport) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    viewport.scrollBy({ left: direction * viewport.clientWidth * PAGE_SHARE, behavior: smooth ? 'smooth' : 'auto' });
  };

  const classes = ['scroll-strip', overflow.before && 'scroll-strip--before', overflow.after && 'scroll-strip--after', className];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <div ref={viewportRef} className="scroll-strip__viewport">
        {children}
      </div>
      {overflow.before && <StripArrow direction={-1} onClick={() => scrollBy(-1)} />}
      {overflow.after && <StripArrow direction={1} onClick={() => scrollBy(1)} />}
    </div>
  );
}

function StripArrow({ direction, onClick }: { direction: 1 | -1; onClick: () => void }) {
  return (
    <Button
      className={`scroll-strip__arrow scroll-strip__arrow--${direction < 0 ? 'before' : 'after'}`}
      variant="minimal"
      icon={direction < 0 ? 'chevron-left' : 'chevron-right'}
      aria-hidden="true"
      tabIndex={-1}
      // A click leaves the focus where it was: a control hidden from assistive technology must not hold it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    />
  );
}

/** Scrolls the strip, and only the strip (never the page), just enough to show the item clear of the edges. */
function scrollIntoStrip(viewport: HTMLElement, item: Element) {
  const strip = viewport.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  if (box.left < strip.left + EDGE_PX) viewport.scrollLeft -= strip.left + EDGE_PX - box.left;
  else if (box.right > strip.right - EDGE_PX) viewport.scrollLeft += box.right - (strip.right - EDGE_PX);
}
