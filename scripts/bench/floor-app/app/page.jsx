import { connection } from "next/server";

// Rows "loaded" per request, as a list's would be.
async function loadRows() {
  await connection();
  const now = Date.now();
  return Array.from({ length: 25 }, (_, i) => ({ id: `pi_${now}_${i}`, amount: (i + 1) * 1250, status: i % 3 === 0 ? "succeeded" : "pending", created: new Date(now - i * 3_600_000).toISOString() }));
}

// Dynamic like the back office's lists (rendered per request, never prerendered): 25 rows of a table.
export default async function FloorPage() {
  const rows = await loadRows();
  return (
    <main>
      <h1>Payments</h1>
      <table>
        <thead>
          <tr>
            <th>ID</th>
            <th>Amount</th>
            <th>Status</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <a href={`/payments/${row.id}`}>{row.id}</a>
              </td>
              <td>{(row.amount / 100).toFixed(2)} CRC</td>
              <td>{row.status}</td>
              <td>{row.created}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
