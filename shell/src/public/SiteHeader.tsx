import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { appPath } from './app-path';
import { BrandMark } from './BrandMark';
import { Icon } from './icons';
import { useScrolledPast } from './page-hooks';

/** Spec 1 section 9: the top bar turns translucent after 50 px of scrolling. */
const TRANSLUCENT_AFTER_PX = 50;

/** While the mobile menu is open, Escape or a click outside the bar closes it; Escape returns focus to the button. */
function useDismissableMenu(open: boolean, close: () => void) {
  const header = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close]);
  return { header, button };
}

/** The public top bar: Features, Pricing, Login and Get Started; a menu button replaces the links on narrow screens. */
export function SiteHeader() {
  const scrolled = useScrolledPast(TRANSLUCENT_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { header, button } = useDismissableMenu(menuOpen, closeMenu);
  const closeAfterFollowingALink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) closeMenu();
  };

  return (
    <header ref={header} className="site-header" data-scrolled={scrolled} data-menu-open={menuOpen}>
      <div className="site-container site-header__bar">
        <Link to={appPath()} className="site-header__brand" aria-label="Axal Practice home">
          <BrandMark />
        </Link>
        <button
          ref={button}
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="site-navigation"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={22} />
        </button>
        <nav id="site-navigation" className="site-header__nav" aria-label="Main" onClick={closeAfterFollowingALink}>
          <Link to={`${appPath()}#features`} className="site-header__link">
            Features
          </Link>
          <Link to={`${appPath()}#pricing`} className="site-header__link">
            Pricing
          </Link>
          <Link to={appPath('/login')} className="site-header__link">
            Login
          </Link>
          <Link to={appPath('/signup')} className="site-button site-button--primary site-button--small">
            Get Started
          </Link>
        </nav>
      </div>
    </header>
  );
}
