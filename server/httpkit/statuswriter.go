package httpkit

import "net/http"

// StatusWriter wraps a ResponseWriter to remember the status a handler answered, for those who look at
// answers passing by: the server's request log and metrics, a test's load balancer.
type StatusWriter struct {
	http.ResponseWriter
	// Status is the first status written; 0 until then (a handler that writes only a body answers 200).
	Status int
}

func (w *StatusWriter) WriteHeader(code int) {
	if w.Status == 0 {
		w.Status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the connection's own writer (to flush, to hijack).
func (w *StatusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
