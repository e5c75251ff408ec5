export { CreateFeedbackPage } from './components/CreateFeedbackPage';
export { UpdateFeedbackPage } from './components/UpdateFeedbackPage';
