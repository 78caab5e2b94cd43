import { Fragment } from 'react';

/** After each underscore or hyphen: where a file or folder name ("GST_Returns_FY2024") may go on to the next line. */
const NAME_PARTS = /[^_-]*[_-]|[^_-]+$/g;

/**
 * A file or folder name that may wrap after its underscores and hyphens but nowhere else: folder names have no
 * spaces, so without these break points a long one would stretch its table column off a phone's screen. The text
 * read and copied is the name unchanged.
 */
export function BreakableName({ name }: { name: string }) {
  const parts = name.match(NAME_PARTS) ?? [name];
  return parts.map((part, index) => (
    // Parts of one name never move, so their position is their identity.
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
