/**
 * A custodian authority from start to revocation, with a `specific` consent (named depository and account
 * numbers), and the errors the service documents along the way.
 *
 *   npx tsx examples/custodian-authority-flow.ts      the embedded mock; the example plays the operator and
 *                                                     the custodian with mock.store.custodianAuthorities.advance
 *   PRS_BASE_URL=… PRS_ACCESS_TOKEN=… PRS_CUSTODIAN_AUTH_FLOW=<flow id> npx tsx examples/custodian-authority-flow.ts
 *                                                     a real service: stops once the consent is given and
 *                                                     waits for the operator (up to PRS_WAIT_SECONDS, default 10)
 */
import { BadRequestError, type CustodianAuthority, consentFiles, WaitForStatusError } from 'portfolio-reporting';
import { runExample, runTag } from './lib/connect.js';
import { heading, table } from './lib/table.js';

/** The message of an error the service documents, or the error itself when it is not one. */
async function documentedError(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'no error (unexpected)';
  } catch (error) {
    if (error instanceof BadRequestError) return `BadRequestError: ${error.errors[0]?.detail}`;
    if (error instanceof WaitForStatusError)
      return `WaitForStatusError (${error.reason}, last status ${error.lastStatus})`;
    throw error;
  }
}

const short = (id: string | null) => (id ? ` → ${id.slice(0, 8)}…` : '');
const linked = (a: CustodianAuthority): string =>
  [
    ...a.attributes.linkedDepositories.map(
      (l) => `depository ${l.depositoryNumber} ${l.status}${short(l.depositoryId)}`,
    ),
    ...a.attributes.linkedAccounts.map((l) => `account ${l.accountNumber} ${l.status}${short(l.accountId)}`),
  ].join('; ');

await runExample(async (connection) => {
  const { prs, mock } = connection;
  const flowId = mock ? 'nordbank-v2' : process.env.PRS_CUSTODIAN_AUTH_FLOW;
  if (!flowId) throw new Error('set PRS_CUSTODIAN_AUTH_FLOW=<auth flow id>: the service does not list its auth flows');
  const tag = runTag(connection);

  console.log(heading('Custodians'));
  const custodians = await prs.custodians.list();
  console.log(
    table(
      ['identifier', 'name', 'country'],
      custodians.map((c) => [c.attributes.identifier, c.attributes.name, c.attributes.country]),
    ),
  );

  const client = await prs.clients.create({ attributes: { name: `Aurora Holding${tag}` } });
  const legalEntity = await prs.clients.legalEntities.create(client.id, {
    attributes: { name: `Aurora Holding AB${tag}` },
  });
  const steps: string[][] = [];
  const record = (step: string, a: CustodianAuthority, detail = linked(a)) =>
    steps.push([step, a.attributes.status, detail]);

  const authority = await prs.legalEntities.custodianAuthorities.create(legalEntity.id, {
    custodianAuthFlowId: flowId,
  });
  const custodian = custodians.find((c) => c.id === authority.relationships?.custodian?.data?.id);
  record('create', authority, `pending files: ${authority.attributes.pendingFiles.join(', ')}`);
  for (const name of authority.attributes.pendingFiles) {
    // A Blob here; a File, bytes or fs.createReadStream(path) work the same.
    await prs.custodianAuthorities.files.upload(authority.id, {
      name,
      file: new Blob([`%PDF-1.4 ${name} for ${legalEntity.attributes.name}\n`]),
      filename: `${name}.pdf`,
    });
  }
  const files = await prs.custodianAuthorities.files.list(authority.id);
  record(
    'upload files',
    await prs.custodianAuthorities.waitForStatus(authority.id, 'waiting-for-consent', {
      interval: 200,
      timeout: 30_000,
    }),
    files.map((f) => f.attributes.filename).join(', '),
  );

  await prs.custodianAuthorities.consent(authority.id, {
    legalEntityIdentifier: '5299000J2N45DDNE4Y28',
    custodianIdentifier: custodian?.attributes.identifier ?? '',
    consentType: 'specific',
    depositoryNumbers: [`DEP-7001${tag}`],
    accountNumbers: [`ACC-7001-01${tag}`],
    files: consentFiles(files),
  });
  record('consent (specific)', await prs.custodianAuthorities.retrieve(authority.id));

  const waitSeconds = Number(process.env.PRS_WAIT_SECONDS ?? 10);
  if (mock) {
    // The operator forwards the authority to the custodian, who confirms: the numbers become real records.
    setTimeout(() => mock.store.custodianAuthorities.advance(authority.id, 'awaiting-custodian'), 100);
    setTimeout(() => mock.store.custodianAuthorities.advance(authority.id, 'active'), 250);
  }
  const active = await prs.custodianAuthorities
    .waitForStatus(authority.id, 'active', { interval: mock ? 50 : 2_000, timeout: mock ? 10_000 : waitSeconds * 1000 })
    .catch((error: unknown) => {
      if (error instanceof WaitForStatusError) return undefined;
      throw error;
    });
  if (active) {
    record('waitForStatus active', active);
    const accounts = await prs.legalEntities.accounts.list(legalEntity.id);
    steps.push([
      'accounts of the legal entity',
      '',
      accounts.map((a) => `${a.attributes.externalIdentifier}${short(a.id)}`).join('; '),
    ]);
  } else {
    steps.push([
      'waitForStatus active',
      '',
      `still waiting after ${waitSeconds} s: the operator and the custodian take time`,
    ]);
  }
  const revoked = await prs.custodianAuthorities.revoke(authority.id);
  steps.push(['revoke', revoked.status, '']);
  if (mock) {
    setTimeout(() => mock.store.custodianAuthorities.advance(authority.id, 'revoked'), 100);
    record(
      'waitForStatus revoked',
      await prs.custodianAuthorities.waitForStatus(authority.id, 'revoked', { interval: 50, timeout: 10_000 }),
      'links removed',
    );
  }
  console.log(heading(`Authority ${authority.id} (${custodian?.attributes.name ?? 'custodian'}, flow ${flowId})`));
  console.log(table(['step', 'status', 'detail'], steps));

  console.log(heading('What the service refuses'));
  const second = await prs.legalEntities.custodianAuthorities.create(legalEntity.id, { custodianAuthFlowId: flowId });
  const rows = [
    [
      'link a number to a specific authority',
      await documentedError(() =>
        prs.custodianAuthorities.link(authority.id, { type: 'account', resourceNumber: 'ACC-9' }),
      ),
    ],
    [
      'wait 0.3 s for an authority nobody moves',
      await documentedError(() =>
        prs.custodianAuthorities.waitForStatus(second.id, 'active', { interval: 100, timeout: 300 }),
      ),
    ],
  ];
  if (mock)
    rows.unshift([
      'start with an outdated auth flow',
      await documentedError(() =>
        prs.legalEntities.custodianAuthorities.create(legalEntity.id, { custodianAuthFlowId: 'nordbank-v1' }),
      ),
    ]);
  for (const [attempt, answer] of rows) console.log(`  ${attempt}\n    → ${answer}`);
  await prs.custodianAuthorities.revoke(second.id);
});
