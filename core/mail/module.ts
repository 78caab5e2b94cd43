import { ContainerModule } from 'inversify';
import { TOKENS } from '../platform/tokens';
import type { CoreModule } from '../plugins/core-module';
import { MailCatcher } from './mail-catcher';
import { MailDelivery } from './mail-delivery';
import { mailboxRoutes } from './mailbox-routes';
import { MAIL_MODULE_ID, QueuedMailer } from './mailer';

/**
 * Email (`TOKENS.Mailer`): messages are queued and sent by the `mail.send` job, through SMTP_URL or, outside
 * production without one, through the embedded catcher that the worker role runs and `{app}/dev/mailbox` shows.
 */
export const mailModule: CoreModule = {
  id: MAIL_MODULE_ID,
  containerModule: new ContainerModule(({ bind }) => {
    bind(TOKENS.Mailer).to(QueuedMailer);
    bind(MailDelivery).toSelf();
    bind(MailCatcher).toSelf();
  }),
  appRoutes: mailboxRoutes,
  jobs: (container) => [container.get(MailDelivery).job()],
  workerService: {
    start: (container) => container.get(MailCatcher).start(),
    async stop(container) {
      container.get(MailDelivery).close();
      await container.get(MailCatcher).stop();
    },
  },
};
