import { Link2 } from 'lucide-react';
import { useState } from 'react';
import type { UnlinkedPanelServer } from '../../../../../shared/schemas/admin/panel-links';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { errorMessage } from '../../../../lib/errors';
import { usePanelServers } from '../api/get-panel-servers';
import { LinkPanelServerDialog } from './link-panel-server-dialog';

function size(server: UnlinkedPanelServer): string {
  const gb = (mb: number) => (mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10} GB` : `${mb} MB`);
  return `${gb(server.memoryMb)} RAM, ${gb(server.diskMb)} disk`;
}

/** Servers the host already had on the panel, each linkable to a customer here (decision 050). */
export function PanelServersCard() {
  const servers = usePanelServers();
  const [linking, setLinking] = useState<UnlinkedPanelServer | null>(null);
  const list = servers.data?.servers ?? [];

  return (
    <Card className="mt-8">
      <h2 className="text-lg font-bold">Servers on the panel not linked yet</h2>
      <p className="mt-1 text-sm text-muted">
        Servers your customers already had before this shop. Link one to a customer with a plan, a price and its next renewal date;
        from then on it renews and shows in their services like one bought here.
      </p>
      {servers.isPending && <p className="mt-4 text-sm text-muted">Loading the panel&apos;s servers...</p>}
      {servers.isError && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {errorMessage(servers.error)}
        </p>
      )}
      {servers.isSuccess && list.length === 0 && <p className="mt-4 text-sm text-muted">Every server on the panel is linked to a service.</p>}
      {list.length > 0 && (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Servers on the panel not linked yet</caption>
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">Server</th>
                <th scope="col" className="py-2 pr-3 font-medium">Owner on the panel</th>
                <th scope="col" className="py-2 pr-3 font-medium">Size</th>
                <th scope="col" className="py-2 pr-3 font-medium">Address</th>
                <th scope="col" className="py-2 font-medium"><span className="sr-only">Action</span></th>
              </tr>
            </thead>
            <tbody>
              {list.map((server) => (
                <tr key={server.panelServerId} className="border-t border-line">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {server.name}
                    {server.suspended && <span className="ml-2 text-xs text-danger">suspended on the panel</span>}
                  </th>
                  <td className="py-2 pr-3">
                    {server.ownerEmail ?? 'unknown'}
                    {server.ownerEmail && !server.customer && <span className="block text-xs text-muted">no account here with this email</span>}
                  </td>
                  <td className="py-2 pr-3">{size(server)}</td>
                  <td className="py-2 pr-3">{server.address ?? 'none'}</td>
                  <td className="py-2 text-right">
                    <Button variant="outline" size="sm" onClick={() => setLinking(server)}>
                      <Link2 className="h-4 w-4" aria-hidden="true" />
                      Link to a customer<span className="sr-only">: {server.name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {linking && <LinkPanelServerDialog server={linking} onClose={() => setLinking(null)} />}
    </Card>
  );
}
