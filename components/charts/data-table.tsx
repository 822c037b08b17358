// A chart's data as a plain table: the first column heads each row; figures align right.
export function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-line text-muted">
        <tr>
          {columns.map((c, i) => (
            <th key={c} scope="col" className={`px-3 py-2 font-medium ${i > 0 ? "text-right" : ""}`}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className="border-b border-line last:border-0">
            {r.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row" className="px-3 py-2 font-medium">
                  {cell}
                </th>
              ) : (
                <td key={j} className="px-3 py-2 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
