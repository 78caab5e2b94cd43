import { AnchorButton, MenuItem, type AnchorButtonProps, type MenuItemProps } from '@blueprintjs/core';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/** A menu entry that is a real link (open in a new tab works) and navigates inside the app on a plain click. */
export function RouterMenuItem({ to, ...props }: Omit<MenuItemProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLElement>(to);
  return <MenuItem {...props} href={href} onClick={navigate} />;
}

/** A button-looking link that navigates inside the app on a plain click. */
export function RouterAnchorButton({ to, ...props }: Omit<AnchorButtonProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLElement>(to);
  return <AnchorButton {...props} href={href} onClick={navigate} />;
}
