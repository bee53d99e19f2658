/**
 * The two loan transactions the service creates with a loan: the principal paid out at `agreementDate`
 * and paid back with its interest at `maturityDate`.
 */
import type { InstrumentRecord } from '../store/records.js';
import type { MockStore } from '../store/store.js';

const DAY_MS = 86_400_000;
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The year fraction between two dates under a day-count convention (actual/actual as ISDA). */
export function yearFraction(convention: string, from: string, to: string): number {
  if (convention === 'actual/360') return days(from, to) / 360;
  const [y1, m1, d1] = from.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = to.split('-').map(Number) as [number, number, number];
  if (convention === '30/360') return ((y2 - y1) * 360 + (m2 - m1) * 30 + (Math.min(d2, 30) - Math.min(d1, 30))) / 360;
  let fraction = 0;
  for (let y = y1; y <= y2; y++) {
    const start = y === y1 ? from : `${y}-01-01`;
    const end = y === y2 ? to : `${y + 1}-01-01`;
    fraction += days(start, end) / (isLeap(y) ? 366 : 365);
  }
  return fraction;
}

/** A loan's attributes the transactions are made of. */
interface LoanTerms {
  agreementDate: string;
  maturityDate: string;
  principalAmount: number;
  interestRateInPercent: number;
  dayCountConvention: string;
}

/** Interest = principal × rate × year fraction, to the cent. */
function interestOf(a: LoanTerms): number {
  return (
    Math.round(
      a.principalAmount *
        (a.interestRateInPercent / 100) *
        yearFraction(a.dayCountConvention, a.agreementDate, a.maturityDate) *
        100,
    ) / 100
  );
}

/**
 * Why a loan's transactions cannot be made (its interest is beyond what a number holds: JSON would write it as
 * null, which no client reads as an amount), or undefined. Asked before the loan is stored.
 */
export function loanProblem(attributes: Record<string, unknown>): string | undefined {
  if (Number.isFinite(interestOf(attributes as unknown as LoanTerms))) return undefined;
  return 'data.attributes.principalAmount: with this interestRateInPercent and term, the interest is beyond what a number holds';
}

/**
 * A positive principal is a receivable: the account pays it out at agreement (negative amount) and
 * receives it back with interest at maturity.
 */
export function createLoanTransactions(store: MockStore, loan: InstrumentRecord): void {
  const a = loan.attributes as unknown as LoanTerms;
  const relationships = {
    account: loan.relationships.account ?? { data: null },
    loan: { data: { type: 'loan-asset', id: loan.id } },
  };
  const interest = interestOf(a);
  store.transactions.add({
    type: 'loan-transaction',
    attributes: { accountAmount: -a.principalAmount, tradeDate: a.agreementDate, valueDate: a.agreementDate },
    relationships,
  });
  store.transactions.add({
    type: 'loan-transaction',
    attributes: { accountAmount: a.principalAmount, interest, tradeDate: a.maturityDate, valueDate: a.maturityDate },
    relationships,
  });
}
