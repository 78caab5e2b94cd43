import express, { type Request, type Router } from 'express';
import type { Container } from 'inversify';
import type { Config } from '../platform/config';
import { badRequest, notFound } from '../platform/errors';
import { TOKENS } from '../platform/tokens';
import { Mailbox, type CaughtMail } from './mailbox';
import { mailboxPage, messagePage } from './mailbox-pages';

/** Outside production, and only while the embedded catcher stands in for a mail server. */
export const mailboxServed = (config: Config): boolean => !config.isProduction && config.mail.catcher !== null;

const MAX_ADDRESS_LENGTH = 320;

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

function recipientFilter(req: Request): string {
  const to = req.query.to ?? '';
  if (typeof to !== 'string' || to.length > MAX_ADDRESS_LENGTH) throw badRequest('to: must be one email address');
  return to.trim();
}

const summaryOf = ({ id, to, subject, text, links, receivedAt }: CaughtMail) => ({ id, to, subject, text, links, receivedAt });

/**
 * `{app}/dev/mailbox`: what the catcher caught, as pages for a developer or, with `Accept: application/json`, as
 * `{ messages }` for scripts and tests. Answers 404 wherever the catcher is not in use, production above all.
 */
export function mailboxRoutes(container: Container): Router {
  const config = container.get<Config>(TOKENS.Config);
  const router = express.Router();
  if (!mailboxServed(config)) {
    router.use('/dev/mailbox', () => {
      throw notFound();
    });
    return router;
  }
  const mailbox = new Mailbox(config.mail.catcher!.dir);
  const { basePath } = config;
  // The messages carry single-use links: no cache keeps a copy.
  router.use('/dev/mailbox', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/dev/mailbox', async (req, res) => {
    const to = recipientFilter(req);
    const messages = await mailbox.list({ to });
    if (wantsJson(req)) {
      res.json({ messages: messages.map(summaryOf) });
      return;
    }
    res.type('html').send(mailboxPage(messages, { basePath, to }));
  });

  router.get('/dev/mailbox/:id', async (req, res) => {
    const message = await mailbox.get(req.params.id);
    if (!message) throw notFound('No such message in the mailbox');
    if (wantsJson(req)) {
      res.json({ message });
      return;
    }
    res.type('html').send(messagePage(message, { basePath }));
  });

  return router;
}
