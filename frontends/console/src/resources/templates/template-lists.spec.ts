import { FeatureId } from '@user-office/contracts';
import { isVisible } from '../../app/registry';
import { templateResources } from './index';
import { templateListsOperations } from './templates.operations';

const resource = (name: string) => templateResources.find((r) => r.name === name)!;

describe('the ESI template lists (§2 /EsiTemplates, /SampleEsiTemplates)', () => {
  it('are officer lists in the menu group ESI, shown only with the risk assessment feature', () => {
    for (const name of ['EsiTemplates', 'SampleEsiTemplates']) {
      expect(resource(name)).toMatchObject({
        group: 'esi',
        feature: FeatureId.RISK_ASSESSMENT,
        roles: ['USER_OFFICER'],
      });
      expect(isVisible(resource(name), { role: 'USER_OFFICER', isEnabled: () => true })).toBe(true);
      expect(isVisible(resource(name), { role: 'USER_OFFICER', isEnabled: () => false })).toBe(false);
    }
    expect(resource('ProposalTemplates').group).toBe('templates');
  });

  it('list the PROPOSAL_ESI and SAMPLE_ESI groups with their active template', () => {
    const params = {
      filter: {},
      sort: { field: 'templateId', order: 'DESC' },
      pagination: { page: 1, perPage: 25 },
    };
    for (const [name, group] of [
      ['EsiTemplates', 'PROPOSAL_ESI'],
      ['SampleEsiTemplates', 'SAMPLE_ESI'],
    ]) {
      const list = templateListsOperations[name].GET_LIST!;
      expect(list(params as never).variables).toEqual({ filter: { group, isArchived: false }, group });
    }
  });
});
