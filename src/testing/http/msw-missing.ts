/** What `mock.handlers` says without msw: one text for the loader and its twins (msw-loader*.ts). */
export const MISSING =
  'mock.handlers needs msw, an optional peer dependency of portfolio-reporting/testing: npm install --save-dev msw (mock.listen() serves the mock over HTTP without it)';
