import QuestionAnswer from '@mui/icons-material/QuestionAnswer';
import type { ConsoleResource } from '../../app/registry';
import { QuestionEdit } from './components/QuestionEdit';
import { QuestionList } from './components/QuestionList';
import './translations';

/** /console/Questions (§2, officer only; menu group Templates): the question library. */
export const questions: ConsoleResource = {
  name: 'Questions',
  label: 'console.questions.title',
  icon: QuestionAnswer,
  roles: ['USER_OFFICER'],
  group: 'templates',
  list: QuestionList,
  edit: QuestionEdit,
};
