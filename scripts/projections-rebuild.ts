/** npm run projections:rebuild [name…] — replays projections from zero (all when no name is given). */
import 'reflect-metadata';
import { rebuildProjections } from '../services/api/src/maintenance';
import { RebuildRefusedError } from '../services/api/src/platform/projections/projection-rebuild';

rebuildProjections(process.argv.slice(2))
  .then((results) => {
    for (const r of results) {
      const rate = r.seconds > 0 ? Math.round(r.events / r.seconds) : r.events;
      console.log(
        `rebuilt ${r.name}: ${r.events} events up to position ${r.position} in ${r.seconds.toFixed(2)} s (${rate} events/s)`,
      );
    }
    process.exit(0);
  })
  .catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof RebuildRefusedError ? `Rebuild refused: ${message}` : `Rebuild failed: ${message}`,
    );
    process.exit(1);
  });
