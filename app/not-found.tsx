import { MessagePage } from "@/components/ui/message-page";

export default function NotFound() {
  return <MessagePage namespace="console.notFound" />;
}
