/**
 * Jest globalSetup of the browser tests: the portal and console builds, and the run's seeded templates with the
 * demo's on top, side by side.
 */
const buildPortal = require('./build-portal');
const { setupDemoTemplate } = require('../../../../services/api/test/support/global-setup');

module.exports = async function browserSetup() {
  await Promise.all([buildPortal(), setupDemoTemplate()]);
};
