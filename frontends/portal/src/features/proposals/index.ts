export { Dashboard } from './components/Dashboard';
export { ProposalCreate } from './components/ProposalCreate';
export { ProposalEdit } from './components/ProposalEdit';
export { ProposalSelectType } from './components/ProposalSelectType';
