/** Injection tokens of the platform's ports. */
export const SQL_CLIENT = Symbol('SQL_CLIENT');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
/** `MongoReadModels | null`: the design card's Mongo read models when READ_MODELS_MONGO_URL is set */
export const MONGO_READ_MODELS = Symbol('MONGO_READ_MODELS');
