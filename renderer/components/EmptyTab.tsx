/** Said where a side tab has nothing yet: what will fill it, and how. */
export function EmptyTab({ title, children }: { title: string; children: string }) {
  return (
    <section className="empty-tab">
      <h2>{title}</h2>
      <p className="muted">{children}</p>
    </section>
  );
}
