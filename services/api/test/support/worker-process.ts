/**
 * A worker process for the tests that kill one (`UO_MODE=worker`, DATABASE_URL, REDIS_URL, QUEUE_PREFIX, DATA_DIR
 * from the environment): the app of `main.ts` without its development SMTP catcher, so e-mails land in the local
 * outbox (`DATA_DIR/outbox.jsonl`), which outlives the process. Prints "started" once its queues are worked.
 *
 * `KILL_AFTER_EMAILS=n`: the process kills itself with SIGKILL as soon as the n-th e-mail delivered after its start
 * is out — inside the job that sent it, before the queue or PostgreSQL know the job is done (the worst moment for
 * a crash) — having printed "killed after <the e-mail's key>".
 */
import 'reflect-metadata';
import { createApp } from '../../src/app.factory';
import { MailerService } from '../../src/modules/notifications';

async function main(): Promise<void> {
  const killAfter = Number(process.env.KILL_AFTER_EMAILS ?? 0);
  if (killAfter > 0) {
    // on the prototype, before the app exists: its workers start inside createApp, and a batch of e-mails can be
    // out before createApp returns
    const deliver = MailerService.prototype.deliver;
    let delivered = 0;
    MailerService.prototype.deliver = async function (this: MailerService, ...args) {
      const delivery = await deliver.apply(this, args);
      if (!delivery.duplicate && ++delivered >= killAfter) {
        console.log(`killed after ${args[1]?.key ?? 'an e-mail without a key'}`);
        process.kill(process.pid, 'SIGKILL');
      }
      return delivery;
    };
  }
  const { app } = await createApp({ smtpUrl: null });
  await app.init();
  console.log('started');
}

void main();
