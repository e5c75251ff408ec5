/** The e2e project's globalSetup: the run's seeded templates and the demo's on top (global-setup.js). */
module.exports = require('./global-setup').setupDemoTemplate;
