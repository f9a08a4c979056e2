// /admin: the administrator's dashboard. Access is enforced on the server (every admin call needs the admin
// role); this screen verifies the session first and shows Access Denied to anyone else.
import { ArrowLeft, Loader2, ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/toast';
import { BlogManagement } from '@/client/features/admin/blog-management';
import { useAuthDialog } from '@/client/features/auth/auth-dialog';
import { useSession } from '@/client/features/auth/use-session';

export default function AdminPage() {
  const { user, isLoading } = useSession();
  const { openAuth } = useAuthDialog();
  const denied = Boolean(user && user.role !== 'admin');
  useEffect(() => {
    if (denied) toast({ title: 'Access Denied', description: 'Admin panel access is restricted to authorized personnel only.', variant: 'destructive' });
  }, [denied]);

  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground" role="status">
        <Loader2 className="size-8 animate-spin" aria-hidden="true" />
        Verifying admin access...
      </div>
    );
  }
  if (!user || denied) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="flex flex-col items-center gap-3 p-8 text-center">
          <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Access Denied</h1>
          <p className="text-muted-foreground">This admin panel is restricted to authorized personnel only.</p>
          <p className="text-sm text-muted-foreground">If you believe this is an error, please contact support.</p>
          <div className="mt-2 flex flex-wrap justify-center gap-2">
            {!user && <Button onClick={() => openAuth('login')}>Sign In</Button>}
            <Button asChild variant="outline">
              <Link href="/">Return to Main Site</Link>
            </Button>
          </div>
        </Card>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Global overview of bookings and content management</p>
        </div>
        <Button asChild variant="outline">
          <Link href="/">
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to Main Site
          </Link>
        </Button>
      </div>
      <Tabs defaultValue="blog" className="mt-6">
        <TabsList>
          <TabsTrigger value="blog">Blog Management</TabsTrigger>
        </TabsList>
        <TabsContent value="blog" className="mt-6">
          <BlogManagement />
        </TabsContent>
      </Tabs>
    </div>
  );
}
