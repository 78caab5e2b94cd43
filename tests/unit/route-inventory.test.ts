import { expect } from 'chai';
import express from 'express';
import { mountedRoutes, pathReaches, routesNotReached, routesUnder } from '../../core/plugin-api/testing/route-inventory';

const noop = () => undefined;

function sampleApp() {
  const clients = express.Router();
  clients.get('/clients', noop);
  clients.route('/clients/:clientId').get(noop).patch(noop);
  const api = express.Router();
  api.use(express.json());
  api.use(clients);
  api.post(['/a', '/b'], noop);
  const app = express();
  app.get('/healthz', noop);
  app.use('/base/api/v1', express.Router().get('/stream', noop));
  const product = express.Router();
  product.use('/api/v1', api);
  product.get('/auth/session', noop);
  app.use('/base', product);
  return { app, api };
}

describe('route inventory', () => {
  it('lists every route of a router and of the routers mounted inside it, under their mount paths', () => {
    const { app } = sampleApp();
    expect(mountedRoutes(app.router)).to.deep.equal([
      { method: 'get', path: '/healthz' },
      { method: 'get', path: '/base/api/v1/stream' },
      { method: 'get', path: '/base/api/v1/clients' },
      { method: 'get', path: '/base/api/v1/clients/:clientId' },
      { method: 'patch', path: '/base/api/v1/clients/:clientId' },
      { method: 'post', path: '/base/api/v1/a' },
      { method: 'post', path: '/base/api/v1/b' },
      { method: 'get', path: '/base/auth/session' },
    ]);
  });

  it('takes the routes of a whole app under a prefix, without it', () => {
    const { app } = sampleApp();
    expect(routesUnder(app, '/base/api/v1').map(({ method, path }) => `${method} ${path}`)).to.deep.equal([
      'get /stream',
      'get /clients',
      'get /clients/:clientId',
      'patch /clients/:clientId',
      'post /a',
      'post /b',
    ]);
  });

  it('reaches a route segment by segment, a parameter taking any one segment', () => {
    expect(pathReaches('/clients/:clientId', '/clients/:id')).to.equal(true);
    expect(pathReaches('/workspaces/:workspaceId/plugins/example/settings', '/workspaces/:id/plugins/:pluginId/settings')).to.equal(true);
    expect(pathReaches('/clients/credentials-status', '/clients/:clientId')).to.equal(true);
    expect(pathReaches('/clients/:clientId', '/clients/credentials-status')).to.equal(false);
    expect(pathReaches('/clients/:clientId/notes', '/clients/:clientId')).to.equal(false);
    expect(pathReaches('/clients', '/clients/:clientId')).to.equal(false);
    expect(pathReaches('/files/a/b', '/files/{*key}')).to.equal(true);
    expect(pathReaches('/files', '/files/{*key}')).to.equal(false);
  });

  it('reports the routes that no request reaches, by method and path', () => {
    const { app } = sampleApp();
    const requests = [
      { method: 'get', path: '/stream' },
      { method: 'get', path: '/clients' },
      { method: 'get', path: '/clients/:id' },
      { method: 'post', path: '/a' },
      { method: 'post', path: '/b' },
    ];
    expect(routesNotReached(routesUnder(app, '/base/api/v1'), requests)).to.deep.equal([{ method: 'patch', path: '/clients/:clientId' }]);
  });
});
