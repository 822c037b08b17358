import { MessagePage } from "@/components/ui/message-page";

export default function Forbidden() {
  return <MessagePage namespace="console.forbidden" />;
}
