/** Load on a mock served over HTTP (`portfolio-reporting mock`, `mock.listen()`). */

/** `n` clients created through `url`, `parallel` requests at a time; resolves with how many were answered 201. */
export async function createClients(url: string, n: number, parallel: number): Promise<number> {
  let next = 0;
  let created = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const answer = await fetch(`${url}/api/v2/clients`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify({ data: { type: 'client', attributes: { name: `client ${i}` } } }),
      }).catch(() => undefined);
      if (answer?.status === 201) created++;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return created;
}
