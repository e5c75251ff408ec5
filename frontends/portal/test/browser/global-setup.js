/** Jest globalSetup of the browser tests: the portal build and the run's seeded templates, side by side. */
const buildPortal = require('./build-portal');
const { setupTemplates } = require('../../../../services/api/test/support/global-setup');

module.exports = async function browserSetup() {
  await Promise.all([buildPortal(), setupTemplates()]);
};
