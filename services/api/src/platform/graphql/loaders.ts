import DataLoader from 'dataloader';

/** Per-request DataLoaders: relations are fetched in one batch per request, never N+1. */
export class Loaders {
  private readonly loaders = new Map<string, DataLoader<unknown, unknown>>();

  get<K, V>(name: string, batch: (keys: readonly K[]) => Promise<readonly (V | Error)[]>): DataLoader<K, V> {
    let loader = this.loaders.get(name) as DataLoader<K, V> | undefined;
    if (!loader) {
      loader = new DataLoader<K, V>(batch);
      this.loaders.set(name, loader as DataLoader<unknown, unknown>);
    }
    return loader;
  }
}

export interface GraphqlContext {
  req: import('../auth/access.guard').AuthenticatedRequest;
  loaders: Loaders;
}
