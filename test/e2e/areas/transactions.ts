/** Rows 68–70: transactions. */
import { describe, expect, it } from 'vitest';
import { NotFoundError, UnprocessableEntityError } from '../../../src/index.js';
import { createStructure, type E2E, failure, HEX24 } from '../harness.js';

export function transactionsArea(e: E2E): void {
  describe('transactions', () => {
    it('create several kinds → list by account and by depository over the closed interval, page by page → delete → gone', async () => {
      const s = await createStructure(e.prs, 'Traders');
      const stock = await e.prs.instruments.create({
        type: 'stock-instrument',
        attributes: { name: 'TX', securityIdentifier: 'TX-E2E', ccyCode: 'EUR', countryCode: 'DE' },
      });
      const held = { account: s.account.id, asset: stock.id, depository: s.depository.id };
      const buyAnswer = await e.prs.transactions
        .create({
          type: 'equity-trade-transaction',
          attributes: {
            accountAmount: -10_050,
            commission: 50,
            unitPrice: 100,
            units: 100,
            tradeDate: '2024-03-01',
            valueDate: '2024-03-05',
          },
          relationships: held,
        })
        .withResponse();
      // Every create says whether it created (README: `.withResponse()`): 201, `created: true`.
      expect([buyAnswer.response.status, buyAnswer.created]).toEqual([201, true]);
      const buy = buyAnswer.data;
      expect(buy).toEqual({
        id: expect.stringMatching(HEX24),
        type: 'equity-trade-transaction',
        attributes: {
          accountAmount: -10_050,
          commission: 50,
          unitPrice: 100,
          units: 100,
          tradeDate: '2024-03-01',
          valueDate: '2024-03-05',
        },
        relationships: {
          account: { data: { type: 'account', id: s.account.id } },
          asset: { data: { type: 'asset', id: stock.id } },
          depository: { data: { type: 'depository', id: s.depository.id } },
        },
      });
      const dividend = await e.prs.transactions.create({
        type: 'dividend-transaction',
        attributes: { accountAmount: 150, grossAmount: 200, tax: 50, tradeDate: '2024-04-30', valueDate: '2024-04-30' },
        relationships: held,
      });
      // The fee's category is sent with its documented default; the service keeps it.
      const fee = await e.prs.transactions.create({
        type: 'fee-transaction',
        attributes: { accountAmount: -25, tradeDate: '2024-03-31', valueDate: '2024-03-31' },
        relationships: { account: s.account.id },
      });
      expect(fee.attributes).toEqual({
        accountAmount: -25,
        category: 'other',
        tradeDate: '2024-03-31',
        valueDate: '2024-03-31',
      });
      await e.prs.transactions.create({
        type: 'fee-transaction',
        attributes: { accountAmount: -30, tradeDate: '2023-12-31', valueDate: '2023-12-31' },
        relationships: { account: s.account.id },
      });

      const byAccount = await e.prs.transactions.list({
        accountId: s.account.id,
        fromDate: '2024-03-01',
        toDate: '2024-04-30',
      });
      expect(byAccount.map((t) => [t.type, t.attributes?.tradeDate])).toEqual([
        ['equity-trade-transaction', '2024-03-01'],
        ['fee-transaction', '2024-03-31'],
        ['dividend-transaction', '2024-04-30'],
      ]);
      const both = await e.prs.transactions.list({
        accountId: s.account.id,
        depositoryId: s.depository.id,
        fromDate: '2024-01-01',
        toDate: '2024-12-31',
      });
      expect(both.map((t) => t.id)).toEqual([buy.id, dividend.id]);

      await e.prs.transactions.delete(buy.id);
      expect(
        (
          await e.prs.transactions.list({ depositoryId: s.depository.id, fromDate: '2024-01-01', toDate: '2024-12-31' })
        ).map((t) => t.id),
      ).toEqual([dividend.id]);
      await failure(() => e.prs.transactions.delete(buy.id), NotFoundError);
    });

    it('an account excluded from reporting takes no fee (422, the service says why)', async () => {
      const s = await createStructure(e.prs, 'Excluded');
      const excluded = await e.prs.legalEntities.accounts.create(s.legalEntity.id, {
        attributes: { externalIdentifier: 'EX-1', ccyCode: 'EUR', excludeFromReporting: true },
      });
      const refused = await failure(
        () =>
          e.prs.transactions.create({
            type: 'fee-transaction',
            attributes: { accountAmount: -10, category: 'custody', tradeDate: '2024-01-31', valueDate: '2024-01-31' },
            relationships: { account: excluded.id },
          }),
        UnprocessableEntityError,
      );
      expect(refused.errors).toEqual([
        {
          status: 422,
          detail: `account ${excluded.id} is excluded from reporting (excludeFromReporting); fee-transaction cannot be created for it`,
        },
      ]);
      expect(
        await e.prs.transactions.list({ accountId: excluded.id, fromDate: '2024-01-01', toDate: '2024-12-31' }),
      ).toEqual([]);
    });
  });
}
