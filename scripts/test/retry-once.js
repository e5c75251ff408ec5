/**
 * The projects that drive real services and Chromium (int, e2e, browser) run a failed test once more before they
 * call it failed, and print the first failure either way ("retry" in the output): on two cores shared with
 * PostgreSQL, Redis, RabbitMQ and Chromium a wait can run out once in a thousand runs. A test that fails twice fails
 * the run; grep a run's output for the logged first failures to find the flaky ones and mend them. The retry comes
 * at once, before the next test (a story's chapters build on each other: console-steps.ts storyChapters).
 */
/* global jest */
jest.retryTimes(1, { logErrorsBeforeRetry: true, retryImmediately: true });
