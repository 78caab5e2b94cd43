import { config } from 'zod/v4/core';

/**
 * zod 4 compiles its object parsers with `new Function`, which the Content Security Policy refuses, and reports even
 * when zod only probes whether it may; `jitless` turns both off. Each page's entry calls this before any schema
 * exists. zod keeps its settings on `globalThis`, so the one call covers every copy of zod in the page, a remote's
 * included. Only `config` is imported: the entry does not carry zod itself, which comes with the pages that have forms.
 */
export function configureZodWithoutEval(): void {
  config({ jitless: true });
}
