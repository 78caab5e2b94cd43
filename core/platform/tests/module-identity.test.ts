import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { projectRoot } from '../config';
import { HttpError } from '../errors';

describe('one copy of the core', () => {
  it('gives a plugin, imported by file URL as the host imports it, the same classes as the core', async () => {
    const pluginApi = (await import(pathToFileURL(path.join(projectRoot, 'core', 'plugin-api', 'index.ts')).href)) as { HttpError: unknown };
    expect(pluginApi.HttpError).to.equal(HttpError);
  });
});
