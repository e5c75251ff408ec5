/** BullMQ queue names shared by the api (producer) and the worker (consumer). */
export const QUEUES = {
  email: 'email',
  rabbitmq: 'rabbitmq',
  downloads: 'downloads',
  replays: 'replays',
  downstream: 'downstream',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** A job of the `email` queue: one message to send. */
export interface EmailJobData {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
