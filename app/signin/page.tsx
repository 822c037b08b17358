import { redirect } from "next/navigation";
import { SignInForm } from "@/components/console/sign-in-form";
import { homeFor } from "@/lib/auth/home";
import { currentUser } from "@/lib/auth/session";

export const metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage() {
  const user = await currentUser();
  if (user) redirect(homeFor(user.role));
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
      <h1 className="text-3xl font-semibold">Sign in to Sally</h1>
      <p className="mt-2 text-muted">For researchers, expert annotators and administrators.</p>
      <div className="mt-8 rounded-card border border-line bg-surface p-6">
        <SignInForm />
      </div>
    </main>
  );
}
