import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { DIST_DIR, SITE_FOLDER } from '../core/host/web-assets';
import { ensureWebBuild } from '../core/plugin-api/testing/browser';
import { API, createWorkspace, signedInUser } from '../core/plugin-api/testing/http';
import { sharedHost } from '../core/plugin-api/testing/root-hooks';

describe('serving the web app', function () {
  this.timeout(180_000);
  const http = () => request(sharedHost().baseUrl);

  before(() => ensureWebBuild());

  /** The page of `route`, checked for what every page has: HTML, never cached, the settings with the base path. */
  async function pageOf(route: string): Promise<string> {
    const response = await http().get(route).set('Accept', 'text/html').expect(200);
    expect(response.headers['content-type'], route).to.match(/text\/html/);
    expect(response.headers['cache-control'], route).to.equal('no-cache');
    expect(response.text, route).to.match(/<meta name="?axal-config"? content='{"basePath":"\/axal","version":"[0-9a-f]{12}"}'/);
    return response.text;
  }

  it('serves the light site page for the public and sign-in pages, with the base path and no-cache', async () => {
    const publicPages = ['/axal', '/axal/login', '/axal/signup', '/axal/verify-email', '/axal/forgot-password', '/axal/reset-password'];
    const otherSitePages = ['/axal/invitations/accept', '/axal/workspace-deleted', '/about', '/contact', '/blog', '/terms', '/privacy'];
    for (const route of [...publicPages, ...otherSitePages, '/resources/privacy-policy', '/auth/error']) {
      // The page may be minified, with or without quotes around attribute values; the site's entry carries its hash.
      expect(await pageOf(route), route).to.match(/src="?\/axal\/assets\/site\/site\.[0-9a-f]{12}\.js"?[ >]/);
    }
    await http().get('/').expect(302).expect('Location', '/axal');
  });

  it('serves the app page for every other address under the base path', async () => {
    for (const route of ['/axal/w/anything/settings', '/axal/dashboard', '/axal/profile', '/axal/create-workspace', '/axal/no-such-page']) {
      const page = await pageOf(route);
      expect(page, route).to.match(/src="?\/axal\/assets\/main\.js\?[0-9a-f]+"?[ >]/);
      expect(page, route).not.to.include('/assets/site/');
    }
  });

  it('serves content-hashed assets as immutable and compressed, and entry files as no-cache', async () => {
    // Compression starts at 1 KiB.
    const hashed = readdirSync(path.join(DIST_DIR, 'shell')).find(
      (file) => /\.[0-9a-f]{12}\.js$/.test(file) && statSync(path.join(DIST_DIR, 'shell', file)).size > 1024,
    )!;
    const asset = await http().get(`/axal/assets/${hashed}`).set('Accept-Encoding', 'gzip').expect(200);
    expect(asset.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).to.equal('gzip');
    const siteDir = path.join(DIST_DIR, 'shell', SITE_FOLDER);
    const siteFiles = readdirSync(siteDir);
    const largestStylesheet = siteFiles
      .filter((name) => name.endsWith('.css'))
      .toSorted((a, b) => statSync(path.join(siteDir, b)).size - statSync(path.join(siteDir, a)).size)[0];
    for (const file of [siteFiles.find((name) => /^site\.[0-9a-f]{12}\.js$/.test(name))!, largestStylesheet]) {
      const siteAsset = await http().get(`/axal/assets/${SITE_FOLDER}/${file}`).set('Accept-Encoding', 'gzip, deflate, br').expect(200);
      expect(siteAsset.headers['cache-control'], file).to.equal('public, max-age=31536000, immutable');
      expect(siteAsset.headers['content-encoding'], file).to.equal('br');
    }
    const entry = await http().get('/axal/assets/main.js').expect(200);
    expect(entry.headers['cache-control']).to.equal('no-cache');
    await http().get('/axal/assets/missing.abcdefabcdef.js').expect(404);
  });

  it("serves each icon's paths as a file of its own in a folder named after the icons' version, cached for good", async () => {
    const folder = readdirSync(path.join(DIST_DIR, 'shell')).find((name) => /^icons\.[0-9a-f]{12}$/.test(name))!;
    const icon = await http().get(`/axal/assets/${folder}/16/add.json`).expect(200);
    expect(icon.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    expect(icon.body).to.be.an('array').with.length.above(0);
    expect(icon.body[0]).to.match(/^M[\d.]/);
    await http().get(`/axal/assets/${folder}/20/add.json`).expect(200);
    await http().get(`/axal/assets/${folder}/16/no-such-icon.json`).expect(404);
  });

  it('serves a plugin remote only at its current version URL', async () => {
    const owner = await signedInUser('assets');
    const workspace = await createWorkspace(owner);
    const { body } = await owner.agent.get(`${API}/workspaces/${workspace.externalId}/plugins`).expect(200);
    const fixture = body.plugins.find((plugin: { id: string }) => plugin.id === 'gate-fixture');
    expect(fixture.remoteEntry).to.match(/^\/axal\/remotes\/gate-fixture\/[0-9a-f]{12}\/remoteEntry\.js$/);
    const entry = await http().get(fixture.remoteEntry).expect(200);
    expect(entry.headers['cache-control']).to.equal('no-cache');
    const stale = await http().get('/axal/remotes/gate-fixture/000000000000/remoteEntry.js').expect(404);
    expect(stale.body.error).to.match(/no longer served/);
    await http().get(fixture.remoteEntry.replace('remoteEntry.js', '../../../../package.json')).expect(404);
  });

  it('answers unknown API routes with a JSON 404 and sends security headers and a request id', async () => {
    const response = await http().get(`${API}/nothing-here`).expect(404);
    expect(response.body).to.deep.equal({ error: 'Not found' });
    expect(response.headers['x-content-type-options']).to.equal('nosniff');
    expect(response.headers['content-security-policy']).to.include("default-src 'self'");
    expect(response.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    expect(response.headers).to.not.have.property('x-powered-by');
  });
});
