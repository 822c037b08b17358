import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";
import { homeFor } from "@/lib/auth/home";

export default async function Home() {
  const user = await currentUser();
  redirect(user ? homeFor(user.role) : "/signin");
}
