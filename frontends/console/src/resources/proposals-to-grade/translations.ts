import { i18n } from '@user-office/frontend-shared/i18n';
import grading from './translation.en.json';

/**
 * "Proposals to grade", the FAP review form and the review modal's FAP reviews and Grade tabs, under
 * `console.grading`; the modal's two tab names join `console.review.tabs`.
 */
i18n.addResourceBundle(
  'en',
  'translation',
  { console: { grading, review: { tabs: { fapReviews: 'FAP reviews', grade: 'Grade' } } } },
  true,
  false,
);
