/** A report's chains, one line each as the tests compare them: `list_tickets tickets[].id -> get_ticket.ticketId: broken`. */
export function chainLines(report: {
  readonly chains: readonly {
    readonly from: { readonly tool: string; readonly path: string };
    readonly to: { readonly tool: string; readonly field: string };
    readonly status: string;
  }[];
}): string[] {
  return report.chains.map(
    (chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`,
  );
}
