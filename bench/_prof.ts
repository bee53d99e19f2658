import { PortfolioReporting } from 'portfolio-reporting';
import { startServer } from './child.js';
const server = await startServer();
const prs = new PortfolioReporting({ baseUrl: server.url, accessToken: 'bench-token' });
for (let r = 0; r < 3; r++) { const s = performance.now(); for (let i = 0; i < 2000; i++) await prs.instruments.retrieve('instrument-1'); console.log(performance.now() - s); }
server.stop();
