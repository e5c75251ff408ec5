import type { GetListParams, UpdateParams } from 'ra-core';
import { pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleFeaturesDocument, ConsoleUpdateFeaturesDocument, type FeatureId } from '../../gql/graphql';

/**
 * Features (`/console/Features`): getList → getFeatures; update (a feature's switch) →
 * updateFeatures(input featureIds [id], action ENABLE or DISABLE).
 */
export const featuresOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleFeaturesDocument, {}, (data) => pageOf(data.getFeatures, params)),
  UPDATE: (params: UpdateParams) => {
    const featureId = String(params.id) as FeatureId;
    const enable = Boolean((params.data as { isEnabled?: unknown }).isEnabled);
    return operation(
      ConsoleUpdateFeaturesDocument,
      { input: { featureIds: [featureId], action: enable ? 'ENABLE' : 'DISABLE' } },
      (data) => {
        const feature = data.updateFeatures.find((f) => f.id === featureId);
        if (!feature) throw new Error(`Unknown feature: ${featureId}`);
        return { data: feature };
      },
    );
  },
};
