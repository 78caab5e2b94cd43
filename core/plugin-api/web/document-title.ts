import { useEffect } from 'react';

const PRODUCT = 'Axal Practice';

/** The browser tab's title: "Notices | Axal Practice", or the product name alone without a title. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT}` : PRODUCT;
  }, [title]);
}
