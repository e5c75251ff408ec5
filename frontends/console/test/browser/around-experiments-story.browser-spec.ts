/**
 * What happens around an experiment, in Chromium (issue 30's one story, one product start): the PI defines a visit
 * team with the co-proposer as team lead, both register, the officer requests changes, the co-proposer resubmits
 * and is approved (visits-story.ts); the PI declares a shipment with two samples, submits and downloads the label,
 * and the officer marks it received (shipments-story.ts); after the experiment completes the PI gives feedback and
 * the officer reads it in the console (feedback-story.ts). Each part's steps are in the portal's and console's
 * steps files; screenshots in artifacts/screenshots/{visits,shipments,feedback}-*.
 */
import { startProduct, type Product } from '../../../portal/test/browser/harness';
import { feedbackStory } from './feedback-story';
import { shipmentsStory } from './shipments-story';
import { visitsStory } from './visits-story';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
}, 180_000);

afterAll(async () => {
  await product?.close();
});

describe('visits', () => visitsStory(() => product));
describe('shipments', () => shipmentsStory(() => product));
describe('feedback', () => feedbackStory(() => product));
