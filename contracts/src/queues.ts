/** BullMQ queue names shared by the api (producer) and the worker (consumer). */
export const QUEUES = {
  email: 'email',
  rabbitmq: 'rabbitmq',
  downloads: 'downloads',
  replays: 'replays',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
