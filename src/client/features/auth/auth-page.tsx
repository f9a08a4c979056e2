// Layout of the small account pages (verify e-mail, forgot and reset password): one centred card.
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/client/components/ui/card';

export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-12 sm:px-6">
      <Card className="w-full">
        <CardContent className="p-6 sm:p-8">{children}</CardContent>
      </Card>
    </div>
  );
}

export function StatusPanel({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="space-y-4 text-center" role="status">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-secondary text-primary">{icon}</div>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
