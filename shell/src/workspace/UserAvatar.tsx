import { Colors } from '@blueprintjs/core';
import { initialsOf } from '@axal/web-sdk';

/** Shades dark enough for white initials to stay readable (WCAG AA) in both themes. */
const AVATAR_COLOURS = [
  Colors.BLUE3,
  Colors.GREEN3,
  Colors.RED3,
  Colors.VIOLET3,
  Colors.INDIGO3,
  Colors.CERULEAN3,
  Colors.SEPIA3,
  Colors.ROSE3,
  Colors.VERMILION3,
  Colors.TURQUOISE2,
];

function colourOf(name: string): string {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length];
}

/** The person's initials in a circle whose colour follows from the name, drawn locally (no avatar service). */
export function UserAvatar({ name, size = 32 }: { name: string; size?: number }) {
  return (
    <span
      className="user-avatar"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4), backgroundColor: colourOf(name) }}
    >
      {initialsOf(name)}
    </span>
  );
}
