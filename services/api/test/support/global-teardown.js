/** Jest globalTeardown of the projects that start the app: drops the run's templates (see global-setup.js). */
module.exports = require('./global-setup').teardownTemplates;
