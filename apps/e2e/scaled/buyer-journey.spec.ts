// The buyer journey (src/buyer-journey.ts) through nginx, on PostgreSQL, across the server processes behind it:
// a sign-in made on one process holds on the others, and every step's writes are seen wherever the next request
// lands. The request log shows that the journey's API calls did reach more than one process.
import { readFileSync } from 'node:fs';
import { buyerJourney } from '../src/buyer-journey';
import { expect, scaledTest as test } from '../src/fixtures';
import { scaledProcesses } from '../src/scaled-setup';

test('a buyer registers, books, adds to the cart, reports, pays and is declined, behind the load balancer', async ({
  page,
}) => {
  await buyerJourney(page, 'scaled-buyer');

  const log = readFileSync(process.env.RECELL_E2E_SCALED_LOG ?? '', 'utf8');
  const servers = Array.from({ length: scaledProcesses }, (_, index) => index + 1);
  const linesOf = (server: number) =>
    log.split('\n').filter((line) => line.startsWith(`[server ${server}] {`));
  // every process runs on PostgreSQL, and every one of them served some of the journey's API calls
  expect(
    servers.map((server) => linesOf(server).some((line) => line.includes('"database":"postgres://'))),
  ).toEqual(servers.map(() => true));
  expect(servers.map((server) => linesOf(server).some((line) => line.includes('"url":"/api/')))).toEqual(
    servers.map(() => true),
  );
});
