package push

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A subscription's endpoint is a capability URL (RFC 8030 §8): its path is the subscription's secret.
// A failed delivery's error, which the outbox logs, names the push service, never the whole endpoint.
func TestReview3SendErrorHidesTheEndpoint(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	const secret = "wpush-sub-3a9f0c1e77d2b4"
	sub, _, _ := browserSub(t, srv.URL+"/push/v2/"+secret)
	srv.Close()
	err := newSender(t, "mailto:ops@example.com").Send(t.Context(), sub, []byte("hi"), time.Hour, "", "")
	if err == nil {
		t.Fatal("a push to a closed server succeeded")
	}
	if strings.Contains(err.Error(), secret) {
		t.Fatalf("the error names the endpoint's secret path: %v", err)
	}
	if !strings.Contains(err.Error(), strings.TrimPrefix(srv.URL, "http://")) {
		t.Fatalf("the error does not name the push service: %v", err)
	}
}
