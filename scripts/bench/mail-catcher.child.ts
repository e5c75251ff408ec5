/**
 * The development SMTP catcher in a process of its own, for benchmarks (a relay is not in the api's process): it
 * sends `{ smtpUrl }` to its parent once listening, then answers each `'count'` message with how many e-mails it
 * has accepted, how many distinct Message-IDs, and the wall-clock time (ms) the last one arrived.
 */
import { startDevMailCatcher } from '../../services/api/src/dev-mail/dev-mail-catcher';

export interface CatcherCount {
  accepted: number;
  distinctMessageIds: number;
  /** Date.now() when the last e-mail was accepted (0: none yet) */
  lastAt: number;
}

async function main(): Promise<void> {
  const catcher = await startDevMailCatcher({ smtpPort: 0, webPort: 0, keep: 1_000_000 });
  process.on('message', (message) => {
    if (message === 'count') {
      const mails = catcher.messages();
      const count: CatcherCount = {
        accepted: mails.length,
        distinctMessageIds: new Set(mails.map((m) => m.messageId)).size,
        lastAt: mails.length > 0 ? Date.parse(mails[0].receivedAt) : 0,
      };
      process.send?.(count);
    } else if (message === 'clear') {
      catcher.clear();
      process.send?.('cleared');
    } else if (message === 'close') {
      void catcher.close().then(() => process.exit(0));
    }
  });
  process.send?.({ smtpUrl: catcher.smtpUrl });
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
